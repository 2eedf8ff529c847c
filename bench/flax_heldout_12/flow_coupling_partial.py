# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 functools.partial(step_fn, self) handed to lax.scan; the module-level step calls module.param(...) for a per-layer scale
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


def coupling_step(module, z, layer_idx):
    log_scale = module.param("log_scale", nn.initializers.zeros, (z.shape[-1],))
    shift = module.param("shift", nn.initializers.zeros, (z.shape[-1],))
    z = z * jnp.exp(log_scale) + shift
    z = jnp.roll(z, 1, axis=-1)
    return z, jnp.sum(log_scale) * jnp.ones(())


class AffineFlow(nn.Module):
    n_layers: int = 4

    @nn.compact
    def __call__(self, z):
        z, logdets = jax.lax.scan(functools.partial(coupling_step, self), z, jnp.arange(self.n_layers))
        return z, logdets.sum()


def main():
    flow = AffineFlow()
    z = jnp.ones((5, 6))
    variables = flow.init(jax.random.PRNGKey(0), z)
    variables = jax.tree.map(lambda a: a + 0, variables)
    out, logdet = flow.apply(variables, z)
    jax.block_until_ready(out)
    return None
