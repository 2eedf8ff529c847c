# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 make_shift_step is a factory returning a jax.checkpoint-wrapped step that closes over a read-only model.bind; with recalibrate=True the fori_loop body runs BatchNorm in training mode
"""Call-center staffing: a rolling shift planner built from a checkpointed step function."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class StaffingNet(nn.Module):
    @nn.compact
    def __call__(self, arrivals, train: bool):
        h = nn.Dense(16)(arrivals)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Dense(1)(nn.relu(h))[..., 0]


@dataclasses.dataclass(frozen=True)
class PlannerConfig:
    queues: int = 5
    recalibrate: bool = True


def make_shift_step(bound_model, cfg):
    @jax.checkpoint
    def shift_step(backlog, arrivals):
        agents = 10.0 * nn.softplus(bound_model(arrivals[None], train=cfg.recalibrate))[0]
        return jnp.maximum(backlog + arrivals.sum() - agents, 0.0)

    return shift_step


class ShiftScheduler:
    def __init__(self, model, variables, cfg):
        self.step = make_shift_step(model.bind(variables), cfg)

    def plan(self, arrivals_by_shift):
        n = arrivals_by_shift.shape[0]
        return lax.fori_loop(0, n, lambda i, backlog: self.step(backlog, arrivals_by_shift[i]), jnp.float32(0.0))


def main():
    cfg = PlannerConfig()
    model = StaffingNet()
    variables = model.init(jax.random.key(0), jnp.zeros((1, cfg.queues)), train=False)
    arrivals = jax.random.poisson(jax.random.key(1), 3.0, (12, cfg.queues)).astype(jnp.float32)
    scheduler = ShiftScheduler(model, variables, cfg)
    print(float(scheduler.plan(arrivals)))
    return None
