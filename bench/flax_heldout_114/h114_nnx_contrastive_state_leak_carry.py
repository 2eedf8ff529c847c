# label: ok
# flax-error: none
# class: 3 trainer.state, an attribute of a plain trainer object, is the scan carry; the body merges it with trainer.graphdef and returns the updated state
"""Contrastive pretraining (SimCLR) with NNX: an encoder plus projection head trained with the
NT-Xent loss on pairs of augmented views, the steps run with a raw jax.lax.scan over batches.
The trainer keeps the graphdef and state of the split model.

Twin of h114_nnx_contrastive_state_leak.py: trainer.state is the scan carry, and the final carry
is stored back on the trainer after the loop."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan

DIM = 12
EMBED = 8
BATCH = 6
N_BATCHES = 4


class SimCLR(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(DIM, 16, rngs=rngs)
        self.head = nnx.Linear(16, EMBED, rngs=rngs)

    def __call__(self, x):
        z = self.head(nnx.relu(self.encoder(x)))
        return z / jnp.linalg.norm(z, axis=-1, keepdims=True)


def nt_xent(z1, z2, tau=0.5):
    z = jnp.concatenate([z1, z2])
    sim = z @ z.T / tau - 1e9 * jnp.eye(2 * BATCH)
    targets = jnp.concatenate([jnp.arange(BATCH) + BATCH, jnp.arange(BATCH)])
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(sim), targets[:, None], axis=1))


class Trainer:
    def __init__(self, model, lr=0.1):
        self.model = model
        self.graphdef, self.state = nnx.split(model)
        self.lr = lr

    def fit(self, views):
        def body(state, batch):
            def loss_fn(state):
                model = nnx.merge(self.graphdef, state)
                return nt_xent(model(batch[0]), model(batch[1]))

            loss, grads = jax.value_and_grad(loss_fn)(state)
            state = jax.tree.map(lambda p, g: p - self.lr * g, state, grads)
            return state, loss

        self.state, losses = scan(body, self.state, views)
        nnx.update(self.model, self.state)
        return losses


def main():
    views = jax.random.normal(jax.random.key(0), (N_BATCHES, 2, BATCH, DIM))
    trainer = Trainer(SimCLR(nnx.Rngs(1)))
    losses = trainer.fit(views)
    emb = trainer.model(views[0, 0])
    print("losses", losses, "embedding norm", float(jnp.linalg.norm(emb)))
