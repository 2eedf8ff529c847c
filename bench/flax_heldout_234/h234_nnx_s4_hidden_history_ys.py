# label: ok
# flax-error: none
# class: 3 the streaming runner merges the S4 layer from the carry in the scan body; its hidden states leave as the scan's ys and are stored in self.history after the loop
import math

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class SSMState(nnx.Variable):
    pass


class RecurrentS4D(nnx.Module):
    def __init__(self, d_model, state_size, rngs: nnx.Rngs):
        H, N = d_model, state_size
        self.log_dt = nnx.Param(jax.random.uniform(rngs.params(), (H,), minval=math.log(1e-3), maxval=math.log(1e-1)))
        self.A_re = nnx.Param(jnp.full((H, N), math.log(0.5)))
        self.A_im = nnx.Param(jnp.broadcast_to(math.pi * jnp.arange(N), (H, N)))
        self.C = nnx.Param(0.5 * jax.random.normal(rngs.params(), (H, N, 2)))
        self.D = nnx.Param(jnp.ones((H,)))
        self.hidden = SSMState(jnp.zeros((H, N), jnp.complex64))

    def __call__(self, u_t):
        A = -jnp.exp(self.A_re[...]) + 1j * self.A_im[...]
        dtA = jnp.exp(self.log_dt[...])[:, None] * A
        dA = jnp.exp(dtA)
        dB = (dA - 1.0) / A
        x = dA * self.hidden[...] + dB * u_t[:, None]
        self.hidden[...] = x
        C = self.C[..., 0] + 1j * self.C[..., 1]
        return 2.0 * jnp.real(jnp.sum(C * x, axis=-1)) + self.D[...] * u_t


class StreamingRunner:
    def __init__(self, layer):
        self.graphdef, self.state = nnx.split(layer)
        self.history = []

    def run_chunk(self, chunk):
        def step(state, u_t):
            layer = nnx.merge(self.graphdef, state)
            y_t = layer(u_t)
            return nnx.state(layer), (y_t, layer.hidden[...])

        self.state, (ys, hiddens) = scan(step, self.state, chunk)
        self.history.append(hiddens)
        return ys

    def peak_state_magnitude(self):
        return jnp.max(jnp.abs(jnp.concatenate(self.history)))


def main():
    runner = StreamingRunner(RecurrentS4D(4, 8, nnx.Rngs(0)))
    signal = jnp.sin(jnp.linspace(0.0, 8.0, 20))[:, None] * jnp.ones((1, 4))
    ys = runner.run_chunk(signal)
    peak = runner.peak_state_magnitude()
    jax.block_until_ready((ys, peak))
    return None
