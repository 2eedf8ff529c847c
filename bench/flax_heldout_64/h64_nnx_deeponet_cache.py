# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a rollout helper memoises trunk features of an NNX DeepONet in a closure dict filled inside jax.lax.fori_loop
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class DeepONet(nnx.Module):
    def __init__(self, n_sensors, p=8, *, rngs):
        self.branch = nnx.Sequential(nnx.Linear(n_sensors, 16, rngs=rngs), nnx.tanh, nnx.Linear(16, p, rngs=rngs))
        self.trunk = nnx.Sequential(nnx.Linear(1, 16, rngs=rngs), nnx.tanh, nnx.Linear(16, p, rngs=rngs))
        self.bias = nnx.Param(jnp.zeros(()))

    def __call__(self, u, grid, trunk_features=None):
        t = self.trunk(grid) if trunk_features is None else trunk_features
        return self.branch(u) @ t.T + self.bias[...]


def make_rollout(model, grid):
    cache = {}

    def trunk_features():
        if "trunk" not in cache:
            cache["trunk"] = model.trunk(grid)
        return cache["trunk"]

    def step(i, u):
        return u + 0.05 * model(u, grid, trunk_features())

    def rollout(u0, n_steps):
        return jax.lax.fori_loop(0, n_steps, step, u0)

    return rollout, trunk_features


def main():
    grid = jnp.linspace(0, 1, 12)[:, None]
    model = DeepONet(12, rngs=nnx.Rngs(0))
    rollout, trunk_features = make_rollout(model, grid)
    u0 = jnp.sin(jnp.pi * grid[:, 0])[None]
    u1 = rollout(u0, 5)
    # decode the final state with the memoised trunk features
    residual = jnp.mean((model(u1, grid, trunk_features()) - u1) ** 2)
    residual.block_until_ready()
    return None
