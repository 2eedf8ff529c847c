# label: ok
# flax-error: none
# class: 3 module method used as the lax.scan body returns the per-step surprise as ys; sown once after the loop
"""Online (streaming) predictor that logs its per-step surprise for a continual-learning drift detector."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class StreamPredictor(nn.Module):
    dim: int = 6

    def setup(self):
        self.readout = nn.Dense(self.dim)

    def step(self, h, x_t):
        pred = self.readout(h)
        surprise = jnp.mean((pred - x_t) ** 2)
        h = 0.9 * h + 0.1 * x_t
        return h, (pred, surprise)

    def __call__(self, stream):
        if self.is_initializing():
            return self.readout(stream[0])
        _, (preds, surprise) = lax.scan(self.step, jnp.zeros((self.dim,)), stream)
        self.sow("intermediates", "surprise", surprise)
        return preds


def detect_drift(surprise, threshold=1.0):
    return jnp.any(surprise > threshold)


def main():
    model = StreamPredictor()
    stream = jnp.sin(jnp.arange(40.0)).reshape(20, 2).repeat(3, axis=1)
    params = model.init(jax.random.key(0), stream)
    preds, state = model.apply(params, stream, mutable=["intermediates"])
    (surprise,) = state["intermediates"]["surprise"]
    detect_drift(surprise).block_until_ready()
    return None
