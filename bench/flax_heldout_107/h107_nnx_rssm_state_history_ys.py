# label: ok
# flax-error: none
# class: 2 the local graphdef/state of main() are carried through the scan, and each step's state leaves as scan ys
"""Stochastic latent rollout, twin of h107_nnx_rssm_state_history: the per-step states are
returned as scan outputs (ys) instead of appended to a Python list, and the last one is
written back to the model, which then imagines one more step."""
import jax
import jax.numpy as jnp
from flax import nnx

Z, A = 8, 2


class LatentPrior(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.net = nnx.Linear(Z + A, 2 * Z, rngs=rngs)
        self.rngs = rngs

    def __call__(self, z, a):
        mu, log_std = jnp.split(self.net(jnp.concatenate([z, a])), 2)
        return mu + jnp.exp(log_std) * jax.random.normal(self.rngs.latent(), (Z,))


def main():
    prior = LatentPrior(nnx.Rngs(params=0, latent=1))
    actions = jnp.ones((10, A))
    graphdef, state = nnx.split(prior)

    def imagine(carry, a):
        z, state = carry
        model = nnx.merge(graphdef, state)
        z = model(z, a)
        state = nnx.state(model)
        return (z, state), (z, state)

    _, (zs, history) = jax.lax.scan(imagine, (jnp.zeros((Z,)), state), actions)
    nnx.update(prior, jax.tree.map(lambda leaf: leaf[-1], history))
    z_next = prior(zs[-1], actions[-1])
    print(z_next)
    return zs
