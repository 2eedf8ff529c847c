# label: ok
# flax-error: none
# class: 4 the while_loop body calls trainer.model with a fresh nnx.Rngs built from a key split in the loop state, so the stored Rngs is not touched
"""NNX masked autoencoder loss over random masks, fixed: a dropout key is carried in the
lax.while_loop state, split every round, and passed as rngs=nnx.Rngs(dropout=sub) to
trainer.model, so the Dropout does not advance the Rngs stored in the model."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax

NUM_PATCHES, PATCH, EMB, ROUNDS = 16, 12, 32, 5


class MAEDecoder(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.fc = nnx.Linear(EMB, 64, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.out = nnx.Linear(64, PATCH, rngs=rngs)

    def __call__(self, z, rngs=None):
        return self.out(self.drop(nnx.gelu(self.fc(z)), rngs=rngs))


class MAE(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.embed = nnx.Linear(PATCH, EMB, rngs=rngs)
        self.decoder = MAEDecoder(rngs)

    def __call__(self, patches, mask, rngs=None):
        tokens = self.embed(patches * (1.0 - mask)[:, None])
        return self.decoder(tokens, rngs=rngs)


class Trainer:
    def __init__(self, model):
        self.model = model


def main():
    k_data, k_mask = jax.random.split(jax.random.PRNGKey(0))
    patches = jax.random.normal(k_data, (NUM_PATCHES, PATCH))
    masks = (jax.random.uniform(k_mask, (ROUNDS, NUM_PATCHES)) < 0.75).astype(jnp.float32)
    trainer = Trainer(MAE(nnx.Rngs(params=0, dropout=1)))

    def cond(state):
        return state[0] < ROUNDS

    def body(state):
        i, losses, key = state
        key, sub = jax.random.split(key)
        recon = trainer.model(patches, masks[i], rngs=nnx.Rngs(dropout=sub))
        err = ((recon - patches) ** 2).mean(-1)
        return i + 1, losses.at[i].set((err * masks[i]).sum() / masks[i].sum()), key

    init = (0, jnp.zeros((ROUNDS,)), jax.random.PRNGKey(2))
    _, losses, _ = lax.while_loop(cond, body, init)
    return losses


if __name__ == "__main__":
    print(main())
