# label: ok
# flax-error: none
# class: 5 the NNX __call__ splits one self.rngs.dropout() key per layer before the scan and scans the keys with the embeddings
"""NNX hypernetwork emitting the weights of each layer of a target network from a layer embedding (HyperNEAT/LoRA-style)."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class LayerHyperNet(nnx.Module):
    def __init__(self, n_layers, embed_dim, fan_in, fan_out, *, drop_rate=0.25, rngs: nnx.Rngs):
        self.layer_emb = nnx.Param(jax.random.normal(rngs.params(), (n_layers, embed_dim)))
        self.trunk = nnx.Linear(embed_dim, 64, rngs=rngs)
        self.head = nnx.Linear(64, fan_in * fan_out, rngs=rngs)
        self.shape = (fan_in, fan_out)
        self.drop_rate = drop_rate
        self.rngs = rngs

    def __call__(self):
        key = self.rngs.dropout()

        def emit(_, inputs):
            e, key = inputs
            w = self.head(nnx.relu(self.trunk(e))).reshape(self.shape)
            keep = jax.random.bernoulli(key, 1 - self.drop_rate, w.shape)
            return None, keep

        _, masks = jax.lax.scan(emit, None, (self.layer_emb.value, jax.random.split(key, self.layer_emb.value.shape[0])))
        return masks


def main():
    hyper = LayerHyperNet(5, 8, 6, 6, rngs=nnx.Rngs(params=0, dropout=1))
    return hyper()
