# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the merged policy's params are written from the while_loop body into snapshots, a local dict of tune_release_policy, and restored after the loop
"""Hydro reservoir operations: tune a release-gate policy online against the inflow forecast
until the level error is small, keeping a snapshot of the policy params."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax


class ReleasePolicy(nnx.Module):
    def __init__(self, rngs):
        self.gate = nnx.Linear(3, 8, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, obs):
        return nnx.softplus(self.out(nnx.tanh(self.gate(obs))))[..., 0]


def level_error(policy, obs, target):
    level = obs[:, 0] + obs[:, 1] - policy(obs)
    return jnp.mean((level - target) ** 2)


def tune_release_policy(policy, obs, target, max_iter=30, tol=1e-3):
    optimizer = nnx.Optimizer(policy, optax.sgd(0.05), wrt=nnx.Param)
    graphdef, state = nnx.split((policy, optimizer))
    snapshots = {}

    def cond(carry):
        _, it, err = carry
        return (it < max_iter) & (err > tol)

    def body(carry):
        state, it, _ = carry
        model, opt = nnx.merge(graphdef, state)
        err, grads = nnx.value_and_grad(level_error)(model, obs, target)
        opt.update(model, grads)
        snapshots["params"] = nnx.state(model, nnx.Param)
        return nnx.state((model, opt)), it + 1, err

    lax.while_loop(cond, body, (state, jnp.zeros((), jnp.int32), jnp.array(jnp.inf)))
    nnx.update(policy, snapshots["params"])
    return level_error(policy, obs, target)


def main():
    obs = jnp.abs(jax.random.normal(jax.random.key(0), (16, 3)))  # days x (level, inflow, demand)
    policy = ReleasePolicy(nnx.Rngs(0))
    jax.block_until_ready(tune_release_policy(policy, obs, target=1.0))
    return None
