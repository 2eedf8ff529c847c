# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 setup submodules first called in an inner fori_loop nested in a raw scan, under init(..., method=...)
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop, scan


class RBM(nn.Module):
    n_visible: int = 6
    n_hidden: int = 4

    def setup(self):
        self.to_hidden = nn.Dense(self.n_hidden)
        self.to_visible = nn.Dense(self.n_visible)

    def gibbs_chain(self, v0, keys):
        def sweep(v, key):
            def half_steps(k, v_inner):
                h = jax.nn.sigmoid(self.to_hidden(v_inner))
                return jax.nn.sigmoid(self.to_visible(h))

            v = fori_loop(0, 2, half_steps, v)
            v = jax.random.bernoulli(key, v).astype(jnp.float32)
            return v, v

        return scan(sweep, v0, keys)


def main():
    rbm = RBM()
    v0 = jnp.ones((6,))
    keys = jax.random.split(jax.random.key(3), 4)
    variables = rbm.init(jax.random.key(0), v0, keys, method=RBM.gibbs_chain)
    _, samples = rbm.apply(variables, v0, keys, method=RBM.gibbs_chain)
    samples.block_until_ready()
    return None
