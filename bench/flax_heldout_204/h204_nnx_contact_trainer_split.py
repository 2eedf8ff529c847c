# label: ok
# flax-error: none
# class: 4 ContactTrainer.fit nnx.splits (self.model, self.optimizer) before jax.lax.fori_loop; the state rides in the carry, is merged in the body and written back with nnx.update
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
        graphdef, state = nnx.split((self.model, self.optimizer))

        def train_step(i, carry):
            state, total = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(contact_loss)(model, embed, contacts)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), total + loss

        state, total = jax.lax.fori_loop(0, steps, train_step, (state, jnp.zeros(())))
        nnx.update((self.model, self.optimizer), state)
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
