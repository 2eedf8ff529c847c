# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the scan body applies the Linen denoiser with mutable batch_stats and stores them into `collections`, a local dict of recalibrate_bn
import jax
import jax.numpy as jnp
from flax import linen as nn

scan = jax.lax.scan


class ConvDenoiser(nn.Module):
    channels: int = 16

    @nn.compact
    def __call__(self, x, train: bool = False):
        h = nn.Conv(self.channels, (3, 3))(x)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        h = nn.relu(h)
        return nn.Conv(x.shape[-1], (3, 3))(h)


def recalibrate_bn(model, variables, calib_batches):
    """Re-estimate BatchNorm statistics after swapping in EMA weights."""
    params = variables["params"]
    collections = {"batch_stats": variables["batch_stats"]}

    def calib_step(carry, batch):
        _, updates = model.apply({"params": params, **collections}, batch, train=True, mutable=["batch_stats"])
        collections.update(updates)
        return carry, None

    scan(calib_step, None, calib_batches)
    return {"params": params, **collections}


def main():
    model = ConvDenoiser()
    batches = jax.random.normal(jax.random.key(0), (4, 2, 8, 8, 1))
    variables = model.init(jax.random.key(1), batches[0])
    variables = recalibrate_bn(model, variables, batches)
    denoised = model.apply(variables, batches[0])
    jax.block_until_ready(denoised)
    return None
