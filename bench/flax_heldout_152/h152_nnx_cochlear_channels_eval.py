# label: ok
# flax-error: none
# class: 3 StrategyProcessor.net is put in eval mode with net.eval() before the scan body calls it, so it only reads its state
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
    net.eval()
    processor = StrategyProcessor(net)
    envelopes = jnp.abs(jax.random.normal(jax.random.key(2), (10, 4, 16)))  # frame, batch, band
    processor.stimulate(envelopes)
    return None
