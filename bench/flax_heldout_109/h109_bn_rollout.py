# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 a module bound once with mutable=['batch_stats'] is a local of main() closed over by the scan body, which updates its BatchNorm stats
"""Recurrent world model with a BatchNorm'd frame encoder. The model is bound once so the
rollout body can call it like a function; batch stats are meant to accumulate over the rollout."""
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

    bound = model.bind(variables, mutable=["batch_stats"])

    def step(h, frame):
        h = bound(frame, h, train=True)
        return h, h

    h_last, hs = scan(step, h0, frames)
    new_stats = bound.variables["batch_stats"]
    eval_h = model.apply({"params": variables["params"], "batch_stats": new_stats}, frames[0], h0, train=False)
    print(eval_h.mean())
    return None
