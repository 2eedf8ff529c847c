# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 EvaporationTrainer.params read and reassigned in the fori_loop body, which also checkpoints it into trainer.checkpoints
"""Solar salt-pan evaporation model trainer.

The harvest planner fine-tunes the evaporation-rate model on a week of pan readings and keeps
checkpoints in a plain dict that the planner service later restores from."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class BrineModel(nn.Module):
    hidden: int = 12

    @nn.compact
    def __call__(self, weather):
        h = nn.relu(nn.Dense(self.hidden)(weather))
        return nn.softplus(nn.Dense(1)(h)).squeeze(-1)  # mm per day


class EvaporationTrainer:
    def __init__(self, model, params, lr=0.05):
        self.model = model
        self.params = params
        self.lr = lr
        self.checkpoints = {}

    def loss(self, params, weather, rate):
        pred = self.model.apply({"params": params}, weather)
        return jnp.mean((pred - rate) ** 2)

    def fit(self, weather, rates):
        steps = weather.shape[0]

        def body(step, running):
            loss, grads = jax.value_and_grad(self.loss)(self.params, weather[step], rates[step])
            self.params = jax.tree.map(lambda p, g: p - self.lr * g, self.params, grads)
            self.checkpoints["latest"] = {"params": self.params, "step": step}
            return running + loss

        return lax.fori_loop(0, steps, body, jnp.float32(0.0)) / steps

    def restore(self, tag="latest"):
        self.params = self.checkpoints[tag]["params"]
        return self.params


def main():
    model = BrineModel()
    weather = jax.random.normal(jax.random.key(5), (7, 4, 3))
    rates = jnp.abs(weather[..., 0]) * 2.0
    params = model.init(jax.random.key(0), weather[0])["params"]
    trainer = EvaporationTrainer(model, params)
    trainer.fit(weather, rates)
    restored = trainer.restore()
    model.apply({"params": restored}, weather[0]).block_until_ready()
    return None
