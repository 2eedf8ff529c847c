# label: ok
# flax-error: none
# class: 4 a YardService holds a RouterTrainer whose model and nnx.Optimizer are split before the scan; their state travels in the carry, the body merges it and returns nnx.state, and nnx.update writes it back
"""Rail freight yard: overnight the yard service retrains the wagon router (which
classification track a wagon should take, from its destination and block code) on the day's
humping log, one minibatch per scan step."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class WagonRouter(nnx.Module):
    def __init__(self, features: int, tracks: int, rngs: nnx.Rngs):
        self.embed = nnx.Linear(features, 16, rngs=rngs)
        self.out = nnx.Linear(16, tracks, rngs=rngs)

    def __call__(self, wagons):
        return self.out(nnx.relu(self.embed(wagons)))


class RouterTrainer:
    def __init__(self, model: WagonRouter, learning_rate: float):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)

    @staticmethod
    def loss_fn(model, wagons, tracks):
        logits = model(wagons)
        return optax.softmax_cross_entropy_with_integer_labels(logits, tracks).mean()

    def train_shift(self, wagons, tracks):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def step(carry, batch):
            total, state = carry
            model, optimizer = nnx.merge(graphdef, state)
            x, y = batch
            loss, grads = nnx.value_and_grad(self.loss_fn)(model, x, y)
            optimizer.update(model, grads)
            return (total + loss, nnx.state((model, optimizer))), loss

        (total, state), losses = lax.scan(step, (jnp.zeros(()), state), (wagons, tracks))
        nnx.update((self.model, self.optimizer), state)
        return total, losses


class YardService:
    def __init__(self, trainer: RouterTrainer):
        self.trainer = trainer

    def nightly_retrain(self, humping_log):
        total, losses = self.trainer.train_shift(*humping_log)
        return float(total) / losses.shape[0]


def main():
    wagons = jax.random.normal(jax.random.key(0), (6, 8, 5))
    tracks = jax.random.randint(jax.random.key(1), (6, 8), 0, 4)
    service = YardService(RouterTrainer(WagonRouter(5, 4, nnx.Rngs(0)), 1e-2))
    service.nightly_retrain((wagons, tracks))
    return None
