# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 StrategyProcessor.net, left in training mode, is called in the scan body, so Dropout draws from its Rngs and BatchNorm updates its stats
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class ChannelGainNet(nnx.Module):
    def __init__(self, bands: int, electrodes: int, rngs: nnx.Rngs):
        self.proj = nnx.Linear(bands, 32, rngs=rngs)
        self.norm = nnx.BatchNorm(32, momentum=0.95, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.out = nnx.Linear(32, electrodes, rngs=rngs)

    def __call__(self, envelope):
        h = self.drop(nnx.relu(self.norm(self.proj(envelope))))
        return nnx.sigmoid(self.out(h))


class StrategyProcessor:
    """Continuous interleaved sampling: one stimulation frame per analysis frame."""

    def __init__(self, net, comfort_level=0.8):
        self.net = net
        self.comfort_level = comfort_level

    def stimulate(self, envelopes):
        def body(charge, frame):
            gains = self.net(frame) * self.comfort_level
            return charge + gains.sum(), gains

        return scan(body, jnp.float32(0.0), envelopes)


def main():
    net = ChannelGainNet(bands=16, electrodes=12, rngs=nnx.Rngs(params=0, dropout=1))
    processor = StrategyProcessor(net)
    envelopes = jnp.abs(jax.random.normal(jax.random.key(2), (10, 4, 16)))  # frame, batch, band
    processor.stimulate(envelopes)
    return None
