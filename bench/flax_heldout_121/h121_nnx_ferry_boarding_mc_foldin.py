# label: ok
# flax-error: none
# class: 2 the local key of sample_boarding is folded with the step index inside the fori_loop body before it becomes the Dropout rngs of the draw
"""Ferry operations: Monte Carlo dropout draws of passenger boarding per sailing (weather,
weekday, events ashore, previous sailing load) size the deck crew for the next crossing."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class BoardingNet(nnx.Module):
    def __init__(self, n_in, hidden, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(n_in, hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.l2 = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x, rngs=None):
        h = self.drop(nnx.relu(self.l1(x)), rngs=rngs)
        return 100.0 * nnx.softplus(self.l2(h)).squeeze(-1)


@dataclasses.dataclass(frozen=True)
class CrewPolicy:
    draws: int = 8
    quantile: float = 0.9
    seed: int = 13


def sample_boarding(model, sailings, n_draws, seed):
    key = jax.random.key(seed)

    def body(i, draws):
        return draws.at[i].set(model(sailings, rngs=jax.random.fold_in(key, i)))

    return jax.lax.fori_loop(0, n_draws, body, jnp.zeros((n_draws, sailings.shape[0])))


class CrewPlanner:
    def __init__(self, model, policy: CrewPolicy):
        self.model = model
        self.policy = policy

    def boarding_draws(self, sailings):
        p = self.policy
        return sample_boarding(self.model, sailings, p.draws, p.seed)


def main():
    model = BoardingNet(4, 32, rngs=nnx.Rngs(0))
    planner = CrewPlanner(model, CrewPolicy())
    sailings = jax.random.normal(jax.random.key(1), (5, 4))
    return planner.boarding_draws(sailings)
