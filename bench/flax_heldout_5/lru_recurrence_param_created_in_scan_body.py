# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 LRU layer declares its diagonal recurrence parameters with self.param inside the inline scan body
"""Linear Recurrent Unit (Orvieto et al.) style layer. The author moved the parameter
declarations next to where they are used, which is inside the jax.lax.scan step."""
import jax
import jax.numpy as jnp
import numpy as np
import flax.linen as nn


def nu_init(key, shape, r_min=0.5, r_max=0.99):
    u = jax.random.uniform(key, shape)
    return jnp.log(-0.5 * jnp.log(u * (r_max**2 - r_min**2) + r_min**2))


class LRU(nn.Module):
    d_hidden: int = 16
    d_model: int = 8

    @nn.compact
    def __call__(self, xs):
        # xs: [time, d_model]
        def recurrence(h, x_t):
            nu_log = self.param("nu_log", nu_init, (self.d_hidden,))
            theta_log = self.param(
                "theta_log", lambda k, s: jnp.log(jax.random.uniform(k, s) * 2 * np.pi), (self.d_hidden,)
            )
            B_re = self.param("B_re", nn.initializers.normal(1 / np.sqrt(2 * self.d_model)), (self.d_hidden, self.d_model))
            B_im = self.param("B_im", nn.initializers.normal(1 / np.sqrt(2 * self.d_model)), (self.d_hidden, self.d_model))
            lam = jnp.exp(-jnp.exp(nu_log) + 1j * jnp.exp(theta_log))
            h = lam * h + (B_re + 1j * B_im) @ x_t
            return h, h

        h0 = jnp.zeros((self.d_hidden,), jnp.complex64)
        _, hs = jax.lax.scan(recurrence, h0, xs)
        C = self.param("C", nn.initializers.lecun_normal(), (self.d_model, self.d_hidden))
        return (hs.real @ C.T)


def main():
    layer = LRU()
    xs = jnp.ones((6, 8))
    variables = layer.init(jax.random.PRNGKey(0), xs)
    ys = layer.apply(variables, xs)
    assert ys.shape == (6, 8)
    return None
