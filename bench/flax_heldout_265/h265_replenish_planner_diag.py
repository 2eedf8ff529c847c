# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "gap_total" in "/tracker" because collection "diagnostics" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the planner's while_loop body records through its tracker submodule, reached from the service via the pipeline
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from flax import linen
from jax import lax


@dataclass(frozen=True)
class PlannerConfig:
    n_skus: int = 4
    max_rounds: int = 6
    tolerance: float = 0.05


@dataclass(frozen=True)
class ServiceConfig:
    region: str = "north"
    planner: PlannerConfig = field(default_factory=PlannerConfig)


class GapTracker(linen.Module):
    n_skus: int

    def setup(self):
        self.gap_total = self.variable("diagnostics", "gap_total", jnp.zeros, (self.n_skus,))

    def record(self, gap):
        self.gap_total.value = self.gap_total.value + jnp.abs(gap)

    def peek(self):
        return self.gap_total.value


class Planner(linen.Module):
    cfg: PlannerConfig

    def setup(self):
        self.tracker = GapTracker(self.cfg.n_skus)
        self.step_size = linen.Dense(self.cfg.n_skus)

    def warmup(self, target):
        return self.step_size(target), self.tracker.peek()

    def plan(self, stock, target):
        def cond(state):
            rnd, stock = state
            return (rnd < self.cfg.max_rounds) & (jnp.max(jnp.abs(target - stock)) > self.cfg.tolerance)

        def body(state):
            rnd, stock = state
            gap = target - stock
            self.tracker.record(gap)
            return rnd + 1, stock + jax.nn.sigmoid(self.step_size(gap)) * gap

        _, stock = lax.while_loop(cond, body, (0, stock))
        return stock


class PlanningPipeline:
    def __init__(self, cfg: PlannerConfig, key):
        self.model = Planner(cfg)
        self.variables = self.model.init(key, jnp.zeros((cfg.n_skus,)), method=Planner.warmup)

    def run(self, stock, target):
        return self.model.apply(self.variables, stock, target, method=Planner.plan)


class ReplenishmentService:
    def __init__(self, cfg: ServiceConfig, key):
        self.cfg = cfg
        self.pipeline = PlanningPipeline(cfg.planner, key)

    def plan(self, stock, target):
        return self.pipeline.run(stock, target)


def main():
    service = ReplenishmentService(ServiceConfig(), jax.random.key(0))
    stock = jnp.array([2.0, 0.0, 5.0, 1.0])
    target = jnp.array([4.0, 3.0, 5.0, 2.0])
    jax.block_until_ready(service.plan(stock, target))
