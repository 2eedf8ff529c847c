# label: ok
# flax-error: none
# class: 4 trainer.model and trainer.optimizer are split before the fori_loop; the body merges them from the carried state, calls trainer.train_step() on them and returns nnx.state
"""Graph neural network node classification with NNX: a two-layer GCN trained full-batch with
nnx.Optimizer, the epochs written as a raw jax.lax.fori_loop.

Twin of h114_nnx_gnn_optimizer.py: model and optimizer are split once before the loop, their
state is the fori_loop carry, the body merges them, runs trainer.train_step on them and returns nnx.state."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax

N_NODES = 10
FEAT = 6
CLASSES = 3


class GCN(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(FEAT, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, CLASSES, rngs=rngs)

    def __call__(self, x, a_hat):
        h = nnx.relu(a_hat @ self.l1(x))
        return a_hat @ self.l2(h)


class Trainer:
    def __init__(self, model, lr):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(lr), wrt=nnx.Param)

    def train_step(self, model, optimizer, x, a_hat, labels):
        def loss_fn(model):
            logits = model(x, a_hat)
            return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

        loss, grads = nnx.value_and_grad(loss_fn)(model)
        optimizer.update(model, grads)
        return loss


def normalized_adjacency(key):
    a = (jax.random.uniform(key, (N_NODES, N_NODES)) > 0.7).astype(jnp.float32)
    a = jnp.maximum(a, a.T) + jnp.eye(N_NODES)
    d = 1.0 / jnp.sqrt(a.sum(-1))
    return a * d[:, None] * d[None, :]


def main():
    x = jax.random.normal(jax.random.key(0), (N_NODES, FEAT))
    a_hat = normalized_adjacency(jax.random.key(1))
    labels = jax.random.randint(jax.random.key(2), (N_NODES,), 0, CLASSES)
    trainer = Trainer(GCN(nnx.Rngs(3)), lr=1e-2)
    graphdef, state = nnx.split((trainer.model, trainer.optimizer))

    def epoch(i, carry):
        state, _ = carry
        model, optimizer = nnx.merge(graphdef, state)
        loss = trainer.train_step(model, optimizer, x, a_hat, labels)
        return nnx.state((model, optimizer)), loss

    state, loss = lax.fori_loop(0, 20, epoch, (state, jnp.float32(0.0)))
    nnx.update((trainer.model, trainer.optimizer), state)
    print("final loss", float(loss))
