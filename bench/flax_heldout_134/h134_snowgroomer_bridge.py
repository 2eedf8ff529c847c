# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 a Linen TrackNet wrapped by nnx.bridge.ToNNX and held by the GroomingPlanner; the scan body calls the wrapper, whose Linen BatchNorm and rng writes go to NNX variables
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
        def groom(fuel, segment):
            quality = self.net(segment, train=True, mutable=["batch_stats"])
            return fuel - 0.1 * quality.mean(), quality

        return jax.lax.scan(groom, jnp.float32(10.0), segments)


def build_planner(sample, seed=0):
    net = nnx.bridge.ToNNX(TrackNet(), rngs=nnx.Rngs(params=seed, dropout=seed + 1))
    nnx.bridge.lazy_init(net, sample, train=False)
    return GroomingPlanner(net)


def main():
    segments = jax.random.normal(jax.random.key(0), (7, 5, 6))
    planner = build_planner(segments[0])
    planner.plan_shift(segments)
    return None
