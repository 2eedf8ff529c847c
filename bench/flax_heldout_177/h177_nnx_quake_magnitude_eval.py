# label: ok
# flax-error: none
# class: 3 MagnitudeEstimator.net is an nnx.Module switched to evaluation mode with net.eval(); the scan body calls it and BatchNorm only reads its averages
"""Earthquake early warning: the first seconds of P-wave coda from a station are mapped to a
running magnitude estimate that is updated as each new window arrives. The estimator object holds
the network, puts it in evaluation mode, and owns the streaming loop."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class MagnitudeNet(nnx.Module):
    def __init__(self, samples: int, rngs: nnx.Rngs):
        self.front = nnx.Linear(samples, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, window):
        return self.head(nnx.relu(self.norm(self.front(window))))[..., 0]


class MagnitudeEstimator:
    def __init__(self, net, floor=2.0):
        self.net = net
        self.floor = floor

    def stream(self, windows):
        self.net.eval()

        def body(peak, window):
            estimate = self.floor + jax.nn.softplus(self.net(window).max())
            return jnp.maximum(peak, estimate), estimate

        return lax.scan(body, jnp.float32(self.floor), windows)


def main():
    net = MagnitudeNet(32, nnx.Rngs(0))
    windows = jax.random.normal(jax.random.key(1), (6, 3, 32))
    estimator = MagnitudeEstimator(net)
    peak, estimates = estimator.stream(windows)
    peak.block_until_ready()
    return None
