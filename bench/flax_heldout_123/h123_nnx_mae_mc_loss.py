# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the while_loop body calls trainer.model, whose decoder Dropout draws from the Rngs stored at construction
"""NNX masked autoencoder: estimate the reconstruction loss over several random masks with a
lax.while_loop. The body calls trainer.model(...); the decoder's nnx.Dropout (still in training
mode) draws its mask from the Rngs it was built with."""
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
        i, losses = state
        recon = trainer.model(patches, masks[i])
        err = ((recon - patches) ** 2).mean(-1)
        return i + 1, losses.at[i].set((err * masks[i]).sum() / masks[i].sum())

    _, losses = lax.while_loop(cond, body, (0, jnp.zeros((ROUNDS,))))
    return losses


if __name__ == "__main__":
    print(main())
