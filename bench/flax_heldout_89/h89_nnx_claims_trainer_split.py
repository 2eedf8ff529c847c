# label: ok
# flax-error: none
# class: 3 the trainer holds the model and an nnx.Optimizer; it splits both before the scan, merges them in the body, carries the state and updates them after the loop
"""Insurance-claims triage (NNX): a trainer that takes an epoch of optimizer steps with lax.scan."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class TriageNet(nnx.Module):
    def __init__(self, n_features, n_queues, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_features, 16, rngs=rngs)
        self.head = nnx.Linear(16, n_queues, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.relu(self.hidden(x)))


def cross_entropy(model, batch):
    logits = model(batch["features"])
    return optax.softmax_cross_entropy_with_integer_labels(logits, batch["queue"]).mean()


class ClaimsTrainer:
    def __init__(self, model, learning_rate=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)

    def train_epoch(self, batches):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(cross_entropy)(model, batch)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(body, state, batches)
        nnx.update((self.model, self.optimizer), state)
        return losses


def main():
    model = TriageNet(12, 3, rngs=nnx.Rngs(0))
    batches = {
        "features": jax.random.normal(jax.random.key(1), (4, 8, 12)),
        "queue": jax.random.randint(jax.random.key(2), (4, 8), 0, 3),
    }
    ClaimsTrainer(model).train_epoch(batches).block_until_ready()
    return None
