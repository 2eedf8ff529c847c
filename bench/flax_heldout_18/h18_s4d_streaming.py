# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a mode flag from the config sends every block to the streaming path, where step() creates its SSM parameters with self.param inside the scan body during init
"""S4D-style diagonal state-space model with a convolutional mode and a streaming recurrent mode."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class SSMConfig:
    d_model: int = 8
    d_state: int = 4
    num_blocks: int = 2
    mode: str = "recurrent"


class S4DLayer(nn.Module):
    d_state: int
    mode: str

    def _discretize(self, h):
        log_a = self.param("log_a", nn.initializers.constant(jnp.log(0.5)), (h, self.d_state))
        log_dt = self.param("log_dt", nn.initializers.uniform(0.1), (h,))
        b = self.param("B", nn.initializers.normal(1.0), (h, self.d_state))
        c = self.param("C", nn.initializers.normal(0.5), (h, self.d_state))
        d = self.param("D", nn.initializers.ones, (h,))
        a, dt = -jnp.exp(log_a), jnp.exp(log_dt - 4.0)[:, None]
        a_bar = jnp.exp(dt * a)
        return a_bar, (a_bar - 1.0) / a * b, c, d

    def step(self, x, u_t):
        a_bar, b_bar, c, d = self._discretize(u_t.shape[-1])
        x = a_bar * x + b_bar * u_t[:, None]
        return x, (x * c).sum(-1) + d * u_t

    @nn.compact
    def __call__(self, u):
        length, h = u.shape
        if self.mode == "conv":
            a_bar, b_bar, c, d = self._discretize(h)
            powers = a_bar[None] ** jnp.arange(length)[:, None, None]
            kernel = (powers * b_bar * c).sum(-1)
            y = jax.vmap(lambda k, x: jnp.convolve(x, k)[:length], in_axes=1, out_axes=1)(kernel, u)
            return y + d * u
        _, y = jax.lax.scan(self.step, jnp.zeros((h, self.d_state)), u)
        return y


class SSMBlock(nn.Module):
    cfg: SSMConfig

    @nn.compact
    def __call__(self, u):
        y = S4DLayer(self.cfg.d_state, self.cfg.mode)(nn.LayerNorm()(u))
        y = nn.Dense(2 * self.cfg.d_model)(nn.gelu(y))
        return u + y[..., : self.cfg.d_model] * nn.sigmoid(y[..., self.cfg.d_model:])


class S4Model(nn.Module):
    cfg: SSMConfig

    def setup(self):
        self.encoder = nn.Dense(self.cfg.d_model)
        self.blocks = [SSMBlock(self.cfg) for _ in range(self.cfg.num_blocks)]
        self.decoder = nn.Dense(1)

    def __call__(self, signal):
        h = self.encoder(signal)
        for block in self.blocks:
            h = block(h)
        return self.decoder(h)


def main():
    cfg = SSMConfig()
    model = S4Model(cfg)
    signal = jnp.sin(jnp.linspace(0.0, 6.0, 16))[:, None]
    variables = model.init(jax.random.key(0), signal)
    pred = model.apply(variables, signal)
    jnp.mean((pred[:-1] - signal[1:]) ** 2).block_until_ready()
    return None
