# label: ok
# flax-error: none
# class: 4 module-level rollout gets apply_fn; batch_stats threaded through the lax.scan carry and returned by apply
"""Next-frame video predictor: conv frame encoder with BatchNorm, recurrent core rolled over time."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class FrameEncoder(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, frame, train: bool):
        h = nn.Conv(self.features, (3, 3))(frame)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.relu(h).mean(axis=(1, 2))


class PredictorStep(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, h, frame, train: bool = True):
        z = FrameEncoder(self.features)(frame, train)
        h, y = nn.GRUCell(self.features)(h, z)
        return h, nn.Dense(frame.shape[-1])(y)


def rollout(apply_fn, params, batch_stats, h0, video):
    def step(carry, frame):
        h, stats = carry
        (h, y), updates = apply_fn({"params": params, "batch_stats": stats}, h, frame,
                                   train=True, mutable=["batch_stats"])
        return (h, updates["batch_stats"]), y

    (h, batch_stats), ys = lax.scan(step, (h0, batch_stats), video)
    return ys, batch_stats


def main():
    model = PredictorStep()
    video = jax.random.normal(jax.random.key(0), (5, 2, 8, 8, 3))
    h0 = jnp.zeros((2, 8))
    variables = model.init(jax.random.key(1), h0, video[0], train=False)
    _, stats = rollout(model.apply, variables["params"], variables["batch_stats"], h0, video)
    model.apply({"params": variables["params"], "batch_stats": stats}, h0, video[0], train=False)
    return None
