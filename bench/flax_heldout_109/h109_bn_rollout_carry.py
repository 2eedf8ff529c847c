# label: ok
# flax-error: none
# class: 2 params and batch_stats are locals of main(); the batch stats go through the scan carry and come back from apply(..., mutable=['batch_stats'])
"""Recurrent world model with a BatchNorm'd frame encoder; the batch stats accumulate over the
rollout by threading them through the scan carry."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class FrameEncoder(nn.Module):
    features: int = 16

    @nn.compact
    def __call__(self, frame, train: bool):
        x = nn.Dense(self.features)(frame)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.relu(x)


class WorldModel(nn.Module):
    features: int = 16

    def setup(self):
        self.encoder = FrameEncoder(self.features)
        self.transition = nn.Dense(self.features)

    def __call__(self, frame, h, train: bool = True):
        e = self.encoder(frame, train)
        return jnp.tanh(self.transition(jnp.concatenate([e, h], -1)))


def main():
    frames = jax.random.normal(jax.random.key(0), (6, 5, 8))  # (time, batch, obs)
    h0 = jnp.zeros((5, 16))
    model = WorldModel()
    variables = model.init(jax.random.key(1), frames[0], h0)
    params = variables["params"]

    def step(carry, frame):
        h, stats = carry
        h, updates = model.apply({"params": params, "batch_stats": stats}, frame, h, train=True,
                                 mutable=["batch_stats"])
        return (h, updates["batch_stats"]), h

    (h_last, new_stats), hs = scan(step, (h0, variables["batch_stats"]), frames)
    eval_h = model.apply({"params": params, "batch_stats": new_stats}, frames[0], h0, train=False)
    print(eval_h.mean())
    return None
