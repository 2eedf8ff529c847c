# label: ok
# flax-error: none
# class: 3 EvaporationTrainer.params enters the fori_loop as carry and is checkpointed into trainer.checkpoints after the loop
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

        def body(step, carry):
            params, running = carry
            loss, grads = jax.value_and_grad(self.loss)(params, weather[step], rates[step])
            params = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
            return params, running + loss

        params, total = lax.fori_loop(0, steps, body, (self.params, jnp.float32(0.0)))
        self.params = params
        self.checkpoints["latest"] = {"params": params, "step": steps - 1}
        return total / steps

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
