# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 module-level es_gradient gets the policy and an nnx.Rngs; the jax.lax.scan body draws perturbations from the Rngs
"""NNX evolution strategies: estimate a policy gradient from Gaussian perturbations of a linear policy."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class LinearPolicy(nnx.Module):
    def __init__(self, obs_dim, act_dim, *, rngs: nnx.Rngs):
        self.w = nnx.Param(jax.random.normal(rngs.params(), (obs_dim, act_dim)) * 0.1)

    def __call__(self, obs):
        return jnp.tanh(obs @ self.w.value)


def fitness(w, obs):
    return -jnp.sum((jnp.tanh(obs @ w) - 0.5) ** 2)


def es_gradient(policy, rngs, obs, popsize=8, sigma=0.05):
    w = policy.w.value

    def member(grad, _):
        eps = jax.random.normal(rngs.es(), w.shape)
        f = fitness(w + sigma * eps, obs) - fitness(w - sigma * eps, obs)
        return grad + f * eps / (2 * sigma * popsize), f

    grad, _ = jax.lax.scan(member, jnp.zeros_like(w), None, length=popsize)
    return grad


def main():
    policy = LinearPolicy(4, 2, rngs=nnx.Rngs(0))
    rngs = nnx.Rngs(es=1)
    es_gradient(policy, rngs, jnp.ones((3, 4)))
    return None
