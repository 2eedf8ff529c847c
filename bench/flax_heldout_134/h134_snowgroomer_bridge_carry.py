# label: ok
# flax-error: none
# class: 5 a Linen TrackNet wrapped by nnx.bridge.ToNNX and held by the GroomingPlanner; the wrapper's state is split off, enters and leaves the scan as the carry and is merged inside the body
"""Snow-groomer route planner: a Linen track-quality network, adopted into the NNX
fleet service through nnx.bridge, scores each piste segment of the night shift."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from flax import nnx


class TrackNet(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, segment, train: bool = True):
        h = nn.Dense(self.hidden)(segment)
        h = nn.BatchNorm(use_running_average=not train)(h)
        h = nn.Dropout(0.1, deterministic=not train)(nn.relu(h))
        return nn.Dense(1)(h)[..., 0]


class GroomingPlanner:
    def __init__(self, net):
        self.net = net

    def plan_shift(self, segments):
        graphdef, state = nnx.split(self.net)

        def groom(carry, segment):
            fuel, state = carry
            net = nnx.merge(graphdef, state)
            quality = net(segment, train=True, mutable=["batch_stats"])
            return (fuel - 0.1 * quality.mean(), nnx.state(net)), quality

        (fuel, state), qualities = jax.lax.scan(groom, (jnp.float32(10.0), state), segments)
        nnx.update(self.net, state)
        return fuel, qualities


def build_planner(sample, seed=0):
    net = nnx.bridge.ToNNX(TrackNet(), rngs=nnx.Rngs(params=seed, dropout=seed + 1))
    nnx.bridge.lazy_init(net, sample, train=False)
    return GroomingPlanner(net)


def main():
    segments = jax.random.normal(jax.random.key(0), (7, 5, 6))
    planner = build_planner(segments[0])
    planner.plan_shift(segments)
    return None
