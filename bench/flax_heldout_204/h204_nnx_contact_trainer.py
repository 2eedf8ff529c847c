# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 1 (4 B)
# class: 4 ContactTrainer.fit runs jax.lax.fori_loop; the body takes nnx.value_and_grad of self.model and calls self.optimizer.update (an nnx.Optimizer) on the captured objects
"""Protein contact prediction, NNX version: a pairwise MLP predicts residue-residue
contacts from per-residue embeddings; the trainer fine-tunes it on one family's contact
map with an nnx.Optimizer, running all steps inside one fori_loop."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class PairwiseContactNet(nnx.Module):
    def __init__(self, d_embed: int, hidden: int, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(d_embed, hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, embed):  # embed: [L, D] -> logits [L, L]
        h = self.proj(embed)
        pair = jax.nn.gelu(h[:, None, :] * h[None, :, :])
        logits = self.out(pair)[..., 0]
        return 0.5 * (logits + logits.T)


def contact_loss(model, embed, contacts):
    logits = model(embed)
    return optax.sigmoid_binary_cross_entropy(logits, contacts).mean()


class ContactTrainer:
    def __init__(self, model: PairwiseContactNet, lr: float):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(lr), wrt=nnx.Param)
        self.losses = []

    def fit(self, embed, contacts, steps: int):
        def train_step(i, total):
            loss, grads = nnx.value_and_grad(contact_loss)(self.model, embed, contacts)
            self.optimizer.update(self.model, grads)
            return total + loss

        total = jax.lax.fori_loop(0, steps, train_step, jnp.zeros(()))
        self.losses.append(total / steps)
        return self.losses[-1]


def main():
    L, D = 12, 6
    embed = jax.random.normal(jax.random.key(0), (L, D))
    idx = jnp.arange(L)
    contacts = (jnp.abs(idx[:, None] - idx[None, :]) < 3).astype(jnp.float32)
    trainer = ContactTrainer(PairwiseContactNet(D, 16, rngs=nnx.Rngs(0)), lr=1e-2)
    print(trainer.fit(embed, contacts, steps=5))
    return None
