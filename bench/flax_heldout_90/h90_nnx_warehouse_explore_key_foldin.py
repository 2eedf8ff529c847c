# label: ok
# flax-error: none
# class: 2 PathPlanner draws one key from its nnx.Rngs "explore" stream before the scan and folds the step index into it in the body
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class LearnedCost(nnx.Module):
    def __init__(self, *, rngs):
        self.h = nnx.Linear(2, 16, rngs=rngs)
        self.o = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, pos):
        return nnx.softplus(self.o(jnp.tanh(self.h(pos))))[..., 0]


class PathPlanner:
    def __init__(self, cost_model, rngs: nnx.Rngs, step_size=0.1, explore_scale=0.05):
        self.cost = cost_model
        self.rngs = rngs
        self.step_size = step_size
        self.explore_scale = explore_scale

    def plan(self, start, horizon):
        key = self.rngs.explore()

        def body(pos, t):
            grad = jax.grad(lambda p: self.cost(p).sum())(pos)
            noise = self.explore_scale * jax.random.normal(jax.random.fold_in(key, t), pos.shape)
            return pos - self.step_size * grad + noise, noise

        _, noise = jax.lax.scan(body, start, jnp.arange(horizon))
        return noise


def main():
    rngs = nnx.Rngs(params=0, explore=1)
    planner = PathPlanner(LearnedCost(rngs=rngs), rngs)
    return planner.plan(jnp.zeros((3, 2)), horizon=8)
