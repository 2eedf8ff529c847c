# label: ok
# flax-error: none
# class: 4 a SequencingTrainer holds the model and an nnx.Optimizer; train_epoch splits (model, optimizer) before the scan, the body merges the state from the carry and returns nnx.state, and nnx.update writes it back
"""Air-traffic sequencing: trains a landing-order scorer on historical arrival batches. The
trainer owns the model and its optimizer, as in the service's training job."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class OrderScorer(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.embed = nnx.Linear(n_features, 16, rngs=rngs)
        self.norm = nnx.LayerNorm(16, rngs=rngs)
        self.score = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, flights):
        return self.score(nnx.relu(self.norm(self.embed(flights))))[..., 0]


def pairwise_loss(scores, order):
    diff = scores[:, None] - scores[None, :]
    target = (order[:, None] < order[None, :]).astype(jnp.float32)
    return optax.sigmoid_binary_cross_entropy(diff, target).mean()


class SequencingTrainer:
    def __init__(self, model: OrderScorer, learning_rate: float = 1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adamw(learning_rate), wrt=nnx.Param)

    @staticmethod
    def _train_step(model, optimizer, batch):
        flights, order = batch

        def loss_fn(model):
            return pairwise_loss(model(flights), order)

        loss, grads = nnx.value_and_grad(loss_fn)(model)
        optimizer.update(model, grads)
        return loss

    def train_epoch(self, flights, orders):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            loss = self._train_step(model, optimizer, batch)
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(body, state, (flights, orders))
        nnx.update((self.model, self.optimizer), state)
        return losses


def main():
    flights = jax.random.normal(jax.random.key(0), (4, 6, 5))  # batches x aircraft x features
    orders = jnp.tile(jnp.arange(6), (4, 1))
    trainer = SequencingTrainer(OrderScorer(5, nnx.Rngs(0)))
    losses = trainer.train_epoch(flights, orders)
    print("epoch loss", float(losses.mean()))
    return None
