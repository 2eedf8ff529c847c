# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the while_loop body gets the policy from a caching factory get_model(), which builds and stores it on first use inside the body
"""Rollout of a deterministic policy in a toy pendulum environment.  Models are
built lazily through a small registry so the rollout code does not need to know
how a policy is constructed; the episode runs in a lax.while_loop."""
from functools import partial

import jax
import jax.numpy as jnp
import flax.nnx as nnx

_REGISTRY = {}


class Policy(nnx.Module):
    def __init__(self, obs_dim, act_dim, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(obs_dim, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, act_dim, rngs=rngs)

    def __call__(self, obs):
        return 2.0 * jnp.tanh(self.l2(nnx.tanh(self.l1(obs))))


def build_policy(obs_dim, act_dim, seed):
    return Policy(obs_dim, act_dim, nnx.Rngs(seed))


def get_model(name, factory):
    if name not in _REGISTRY:
        _REGISTRY[name] = factory()
    return _REGISTRY[name]


def pendulum(state, torque):
    theta, omega = state[0], state[1]
    omega = omega + 0.05 * (-9.8 * jnp.sin(theta) + torque[0])
    return jnp.stack([theta + 0.05 * omega, omega])


def main():
    factory = partial(build_policy, 2, 1, seed=0)

    def cond(carry):
        t, state, ret = carry
        return t < 20

    def body(carry):
        t, state, ret = carry
        policy = get_model("pendulum", factory)
        state = pendulum(state, policy(state))
        return t + 1, state, ret - state[0] ** 2

    _, final, ret = jax.lax.while_loop(cond, body, (0, jnp.array([0.5, 0.0]), 0.0))
    action = get_model("pendulum", factory)(final)
    return None
