# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "cache_x_k" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 the SSM layer's own __call__ runs lax.scan in recurrent mode and reads and writes its 'cache' variable inside the body
import math

import jax
import jax.numpy as jnp
from flax import linen
from jax import lax


class SSMLayer(linen.Module):
    """S4D layer with a convolutional training mode and a recurrent generation mode."""
    d_model: int = 4
    state_size: int = 8
    decode: bool = False

    def setup(self):
        H, N = self.d_model, self.state_size
        self.log_dt = self.param("log_dt", lambda k, s: jax.random.uniform(k, s, minval=math.log(1e-3), maxval=math.log(1e-1)), (H,))
        self.A_re = self.param("A_re", lambda k, s: jnp.full(s, math.log(0.5)), (H, N))
        self.A_im = self.param("A_im", lambda k, s: jnp.broadcast_to(math.pi * jnp.arange(N), s), (H, N))
        self.C = self.param("C", linen.initializers.normal(0.5), (H, N, 2))
        self.D = self.param("D", linen.initializers.ones, (H,))
        self.x_k_1 = self.variable("cache", "cache_x_k", jnp.zeros, (H, N), jnp.complex64)

    def discretize(self):
        A = -jnp.exp(self.A_re) + 1j * self.A_im
        dtA = jnp.exp(self.log_dt)[:, None] * A
        dA = jnp.exp(dtA)
        return dA, (dA - 1.0) / A, self.C[..., 0] + 1j * self.C[..., 1]

    def __call__(self, u):
        dA, dB, C = self.discretize()
        L = u.shape[0]
        if not self.decode:
            powers = jnp.exp(jnp.log(dA)[..., None] * jnp.arange(L))
            K = 2.0 * jnp.real(jnp.einsum("hn,hnl->hl", C * dB, powers))
            U = jnp.fft.rfft(u, n=2 * L, axis=0)
            y = jnp.fft.irfft(U * jnp.fft.rfft(K.T, n=2 * L, axis=0), n=2 * L, axis=0)[:L]
            return y + self.D * u

        def step(_, u_k):
            x_k = dA * self.x_k_1.value + dB * u_k[:, None]
            self.x_k_1.value = x_k
            return None, 2.0 * jnp.real(jnp.sum(C * x_k, axis=-1)) + self.D * u_k

        _, ys = lax.scan(step, None, u)
        return ys


def main():
    u = jnp.sin(jnp.linspace(0.0, 4.0, 12))[:, None] * jnp.ones((1, 4))
    variables = SSMLayer().init(jax.random.key(0), u)
    y_conv = SSMLayer().apply(variables, u)
    y_rec = SSMLayer(decode=True).apply(variables, u)
    jax.block_until_ready(jnp.max(jnp.abs(y_conv - y_rec)))
    return None
