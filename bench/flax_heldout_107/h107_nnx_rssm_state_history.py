# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[10,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the local graphdef/state of main() are carried through the scan, but the body also appends each state to the outer list `history`
"""Stochastic latent dynamics (RSSM-like prior) rolled out over an action sequence with a
raw jax.lax.scan. State is split/merged correctly through the carry, but every step's
state is also appended to a Python list for debugging and the last entry is written back
to the model, which then imagines one more step after the loop."""
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
    history = []

    def imagine(carry, a):
        z, state = carry
        model = nnx.merge(graphdef, state)
        z = model(z, a)
        state = nnx.state(model)
        history.append(state)
        return (z, state), z

    (_, state), zs = jax.lax.scan(imagine, (jnp.zeros((Z,)), state), actions)
    nnx.update(prior, history[-1])
    z_next = prior(zs[-1], actions[-1])
    print(z_next)
    return zs
