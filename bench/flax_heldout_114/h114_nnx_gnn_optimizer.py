# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 the fori_loop body calls trainer.train_step(), which takes nnx.value_and_grad of trainer.model and calls trainer.optimizer.update() on objects created outside the loop
"""Graph neural network node classification with NNX: a two-layer GCN trained full-batch with
nnx.Optimizer. To avoid Python-loop dispatch overhead the epochs are written as a raw
jax.lax.fori_loop whose body calls the trainer's train_step.

Modelled on "nnx.Optimizer update inside jax.lax.fori_loop" questions (the answer being to use
nnx.fori_loop / nnx.split and nnx.merge)."""
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

    def train_step(self, x, a_hat, labels):
        def loss_fn(model):
            logits = model(x, a_hat)
            return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

        loss, grads = nnx.value_and_grad(loss_fn)(self.model)
        self.optimizer.update(self.model, grads)
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

    def epoch(i, last_loss):
        return trainer.train_step(x, a_hat, labels)

    loss = lax.fori_loop(0, 20, epoch, jnp.float32(0.0))
    print("final loss", float(loss))
