# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 fori_loop body calls self.denoise, which calls the helper self._count_eval; its EvalCounter submodule writes a "diagnostics" variable
# modelled on: novaia/ntg sampling/diffusion.py (implicit reverse diffusion) and jax-ml/jax#4312 improve an escaped tracer error message
"""DDIM-style sampler that also reports the number of network evaluations."""

import jax
import jax.numpy as jnp
from flax import linen as nn

STEPS, DIM = 4, 6


def diffusion_schedule(t, min_rate=0.02, max_rate=0.95):
    angle = jnp.arccos(max_rate) + t * (jnp.arccos(min_rate) - jnp.arccos(max_rate))
    return jnp.sin(angle), jnp.cos(angle)  # noise rate, signal rate


class EvalCounter(nn.Module):
    """Counts network evaluations in the "diagnostics" collection."""

    @nn.compact
    def __call__(self, n=1):
        nfe = self.variable("diagnostics", "nfe", lambda: jnp.zeros((), jnp.int32))
        nfe.value = nfe.value + n


class Denoiser(nn.Module):
    width: int = 16

    def setup(self):
        self.hidden = nn.Dense(self.width)
        self.out = nn.Dense(DIM)
        self.counter = EvalCounter()

    def __call__(self, x, noise_rate):
        h = nn.swish(self.hidden(jnp.concatenate([x, noise_rate], axis=-1)))
        return self.out(h)

    def _count_eval(self):
        self.counter()

    def denoise(self, x, noise_rate):
        self._count_eval()
        return self(x, noise_rate)

    def sample(self, noise):
        def body(step, x):
            t = 1.0 - step / STEPS
            noise_rate, signal_rate = diffusion_schedule(jnp.full((x.shape[0], 1), t))
            pred_noise = self.denoise(x, noise_rate)
            pred_x = (x - noise_rate * pred_noise) / signal_rate
            next_noise, next_signal = diffusion_schedule(jnp.full((x.shape[0], 1), t - 1.0 / STEPS))
            return next_signal * pred_x + next_noise * pred_noise

        return jax.lax.fori_loop(0, STEPS, body, noise)


def main():
    model = Denoiser()
    noise = jax.random.normal(jax.random.key(0), (3, DIM))
    variables = model.init(jax.random.key(1), noise, jnp.ones((3, 1)))
    images, state = model.apply(variables, noise, method=Denoiser.sample, mutable=["diagnostics"])
    total_nfe = jnp.maximum(state["diagnostics"]["counter"]["nfe"], 0)
    print("sampled", images.shape, "with", total_nfe, "evaluations")
    return None
