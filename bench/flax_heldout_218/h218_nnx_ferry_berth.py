# label: same-values
# flax-error: none
# class: 5 BerthPlanner.propose is functools.partial(model, key=...) built once from the nnx.Rngs 'plan' stream; the while_loop body calls that partial for every candidate plan
"""Ferry berth allocation: sample candidate berth-preference vectors for one arriving ferry."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class TerminalConfig:
    n_berths: int = 4
    ferry_features: int = 5
    candidates: int = 5
    temperature: float = 0.7


class BerthPreference(nnx.Module):
    def __init__(self, cfg: TerminalConfig, rngs: nnx.Rngs):
        self.cfg = cfg
        self.score = nnx.Linear(cfg.ferry_features, cfg.n_berths, rngs=rngs)

    def __call__(self, ferry, *, key):
        gumbel = jax.random.gumbel(key, (self.cfg.n_berths,))
        return jax.nn.softmax((self.score(ferry) + gumbel) / self.cfg.temperature)


class BerthPlanner:
    def __init__(self, cfg: TerminalConfig, model: BerthPreference, rngs: nnx.Rngs):
        self.cfg = cfg
        self.propose = functools.partial(model, key=rngs.plan())

    def candidate_plans(self, ferry):
        def more(carry):
            return carry[0] < self.cfg.candidates

        def sample(carry):
            i, plans = carry
            return i + 1, plans.at[i].set(self.propose(ferry))

        plans0 = jnp.zeros((self.cfg.candidates, self.cfg.n_berths))
        _, plans = jax.lax.while_loop(more, sample, (0, plans0))
        return plans


def main():
    cfg = TerminalConfig()
    rngs = nnx.Rngs(params=0, plan=5)
    planner = BerthPlanner(cfg, BerthPreference(cfg, rngs), rngs)
    ferry = jnp.asarray([1.0, 0.2, -0.4, 0.8, 0.0])
    return planner.candidate_plans(ferry)
