# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 an nnx.jit-wrapped train step receives the outer picker model and nnx.Optimizer from inside the raw scan body
"""Seismic event detection: a P-wave picker is fine-tuned on windows from a regional
seismometer network; the training loop is written as a scan over windows that calls
the project's jitted train step."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.lax import scan


class PhasePicker(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.conv = nnx.Conv(3, 8, kernel_size=(5,), rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, waveform):
        h = nnx.relu(self.conv(waveform))
        return self.head(h)[..., 0]


def pick_loss(model, waveform, onset):
    return optax.sigmoid_binary_cross_entropy(model(waveform), onset).mean()


@nnx.jit
def train_step(model, optimizer, waveform, onset):
    loss, grads = nnx.value_and_grad(pick_loss)(model, waveform, onset)
    optimizer.update(model, grads)
    return loss


def finetune(model, optimizer, waveforms, onsets):
    def window(_, batch):
        return None, train_step(model, optimizer, *batch)

    _, losses = scan(window, None, (waveforms, onsets))
    return losses


def main():
    model = PhasePicker(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
    waveforms = jax.random.normal(jax.random.key(151), (5, 4, 64, 3))
    onsets = (jnp.arange(64) > 30).astype(jnp.float32) * jnp.ones((5, 4, 64))
    finetune(model, optimizer, waveforms, onsets)
    return None
