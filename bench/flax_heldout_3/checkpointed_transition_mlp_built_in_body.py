# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 jax.checkpoint-wrapped scan body that builds its MLP layers inside while init runs
"""Shape from world-model / dynamics rollouts that wrap the transition step with jax.checkpoint to
save memory (as in brax/diffusion code with remat'ed scan bodies)."""
import functools
import jax
import jax.numpy as jnp
import flax.linen as nn


class LatentDynamics(nn.Module):
    latent: int = 6
    horizon: int = 5

    @nn.compact
    def __call__(self, z0, actions):
        @functools.partial(jax.checkpoint, prevent_cse=False)
        def transition(z, a):
            h = nn.Dense(16, name="trans_hidden")(jnp.concatenate([z, a], -1))
            z = z + nn.Dense(self.latent, name="trans_out")(nn.elu(h))
            return z, z

        _, zs = jax.lax.scan(transition, z0, actions)
        return zs


def main():
    model = LatentDynamics()
    z0 = jnp.zeros((2, 6))
    actions = jnp.ones((5, 2, 2))
    variables = model.init(jax.random.PRNGKey(0), z0, actions)
    zs = model.apply(variables, z0, actions)
    jax.block_until_ready(zs)
    return None
