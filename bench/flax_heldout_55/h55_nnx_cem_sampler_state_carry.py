# label: ok
# flax-error: none
# class: 5 CEM planner splits its noise-sampler module (with its own nnx.Rngs) and the jax.lax.scan body merges it from a pure-dict carry and hands back the merged sampler's state as a pure dict
"""Cross-entropy-method planner in NNX: a small sampler module owns an Rngs stream; the planner
splits it, merges it inside each CEM iteration, refits the action distribution to the elites and
returns the advanced sampler state in the carry. The per-iteration standard-normal draws are
returned."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class GaussianSampler(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.rngs = rngs

    def __call__(self, shape):
        return self.rngs.cem.normal(shape)


def toy_return(actions):
    return -jnp.sum((actions - 0.5) ** 2, axis=(-1, -2))


def cem_plan(sampler, horizon=4, act_dim=2, pop=16, n_elite=4, iters=5):
    graphdef, state = nnx.split(sampler)
    state = nnx.to_pure_dict(state)  # plain nested dict of arrays in the carry

    def cem_iter(carry, _):
        mean, std, st = carry
        s = nnx.merge(graphdef, st)
        eps = s((pop, horizon, act_dim))
        cand = mean + std * eps
        elite = cand[jnp.argsort(-toy_return(cand))[:n_elite]]
        return (elite.mean(0), elite.std(0) + 1e-3, nnx.to_pure_dict(nnx.state(s))), eps

    init = (jnp.zeros((horizon, act_dim)), jnp.ones((horizon, act_dim)), state)
    (_, _, state), eps_all = scan(cem_iter, init, None, length=iters)
    nnx.update(sampler, nnx.state(nnx.merge(graphdef, state)))
    return eps_all


def main():
    sampler = GaussianSampler(nnx.Rngs(cem=0))
    return cem_plan(sampler)
