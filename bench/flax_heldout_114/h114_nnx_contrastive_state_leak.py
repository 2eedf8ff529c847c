# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the scan body merges trainer.graphdef with trainer.state and writes the updated state back to trainer.state, an attribute of a plain trainer object
"""Contrastive pretraining (SimCLR) with NNX: an encoder plus projection head trained with the
NT-Xent loss on pairs of augmented views, the steps run with a raw jax.lax.scan over batches.
Having read that NNX modules should be split before a JAX transform, the user keeps the
graphdef and state on a plain Python trainer and updates self.state from inside the body.

Modelled on "UnexpectedTracerError after nnx.update" reports."""
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
        def body(carry, batch):
            def loss_fn(state):
                model = nnx.merge(self.graphdef, state)
                return nt_xent(model(batch[0]), model(batch[1]))

            loss, grads = jax.value_and_grad(loss_fn)(self.state)
            self.state = jax.tree.map(lambda p, g: p - self.lr * g, self.state, grads)
            return carry, loss

        _, losses = scan(body, None, views)
        nnx.update(self.model, self.state)
        return losses


def main():
    views = jax.random.normal(jax.random.key(0), (N_BATCHES, 2, BATCH, DIM))
    trainer = Trainer(SimCLR(nnx.Rngs(1)))
    losses = trainer.fit(views)
    emb = trainer.model(views[0, 0])
    print("losses", losses, "embedding norm", float(jnp.linalg.norm(emb)))
