# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the encoder local to main (BatchNorm still in training mode) is closed over by the fori_loop body
"""Linear probe after contrastive pretraining (NNX). Features for the probe are extracted batch
by batch with lax.fori_loop; the body closes over the pretrained encoder, which still has its
BatchNorm in training mode."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import fori_loop

NUM_BATCHES, BATCH, DIM, FEAT = 6, 16, 12, 32


class Encoder(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(DIM, 64, rngs=rngs)
        self.bn = nnx.BatchNorm(64, rngs=rngs)
        self.fc2 = nnx.Linear(64, FEAT, rngs=rngs)

    def __call__(self, x):
        return self.fc2(nnx.relu(self.bn(self.fc1(x))))


def main():
    key = jax.random.PRNGKey(0)
    data = jax.random.normal(key, (NUM_BATCHES, BATCH, DIM))
    labels = (data.sum(-1) > 0).astype(jnp.int32)
    encoder = Encoder(nnx.Rngs(0))

    def extract(i, feats):
        return feats.at[i].set(encoder(data[i]))

    feats = fori_loop(0, NUM_BATCHES, extract, jnp.zeros((NUM_BATCHES, BATCH, FEAT)))
    feats = feats.reshape(-1, FEAT)
    w = jnp.linalg.lstsq(feats, labels.reshape(-1).astype(jnp.float32))[0]
    print(w.shape)
    return None


if __name__ == "__main__":
    main()
