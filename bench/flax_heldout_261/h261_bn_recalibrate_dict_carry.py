# label: ok
# flax-error: none
# class: 2 the scan body applies the Linen denoiser with mutable batch_stats taken from and returned to the carry of recalibrate_bn's scan
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

    def calib_step(batch_stats, batch):
        _, updates = model.apply(
            {"params": params, "batch_stats": batch_stats}, batch, train=True, mutable=["batch_stats"]
        )
        return updates["batch_stats"], None

    batch_stats, _ = scan(calib_step, variables["batch_stats"], calib_batches)
    return {"params": params, "batch_stats": batch_stats}


def main():
    model = ConvDenoiser()
    batches = jax.random.normal(jax.random.key(0), (4, 2, 8, 8, 1))
    variables = model.init(jax.random.key(1), batches[0])
    variables = recalibrate_bn(model, variables, batches)
    denoised = model.apply(variables, batches[0])
    jax.block_until_ready(denoised)
    return None
