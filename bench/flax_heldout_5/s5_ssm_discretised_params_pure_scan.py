# label: ok
# flax-error: none
# class: 1 S5-style diagonal SSM declares and discretises all parameters before an inline lax.scan whose body only closes over arrays
"""S5 (Smith et al. 2023) simplified state space layer: continuous-time diagonal A, B, C, D
parameters are declared with self.param, discretised with zero-order hold, and the
recurrence runs as a pure jax.lax.scan over those arrays (sequential form of the parallel
scan)."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class S5Layer(nn.Module):
    state_size: int = 16
    d_model: int = 8

    @nn.compact
    def __call__(self, u):
        # u: [time, d_model]
        lambda_re = self.param("lambda_re", lambda k, s: -0.5 * jnp.ones(s), (self.state_size,))
        lambda_im = self.param("lambda_im", lambda k, s: jnp.pi * jnp.arange(s[0], dtype=jnp.float32), (self.state_size,))
        B = self.param("B", nn.initializers.lecun_normal(), (self.state_size, self.d_model))
        C = self.param("C", nn.initializers.lecun_normal(), (self.d_model, self.state_size))
        D = self.param("D", nn.initializers.normal(1.0), (self.d_model,))
        log_step = self.param("log_step", lambda k, s: jnp.log(0.01) * jnp.ones(s), (self.state_size,))

        lam = lambda_re + 1j * lambda_im
        step = jnp.exp(log_step)
        lam_bar = jnp.exp(lam * step)
        B_bar = ((lam_bar - 1) / lam)[:, None] * B

        def ssm_step(x, u_t):
            x = lam_bar * x + B_bar @ u_t
            return x, (C @ x).real + D * u_t

        _, ys = jax.lax.scan(ssm_step, jnp.zeros((self.state_size,), jnp.complex64), u)
        return ys


def main():
    layer = S5Layer()
    u = jnp.cos(jnp.arange(10.0))[:, None] * jnp.ones((10, 8))
    variables = layer.init(jax.random.PRNGKey(0), u)
    ys = layer.apply(variables, u)
    assert ys.shape == (10, 8)
    return None
