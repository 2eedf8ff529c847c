# label: metadata-error
# jax-error: ValueError: Exception raised while checking equality of metadata fields of pytree. Make sure that metadata fields are hashable and have simple equality semantics. (Note: arrays cannot be passed as metadata fields!)
# class: 1 vector quantiser registered with register_pytree_with_keys keeps its codebook (jax.random.normal) in aux data
import jax
import jax.numpy as jnp
import jax.tree_util as jtu


class Quantizer:
    def __init__(self, commitment, codebook):
        self.commitment = commitment
        self.codebook = codebook


def quantizer_flatten_with_keys(quantizer):
    return ((jtu.GetAttrKey("commitment"), quantizer.commitment),), quantizer.codebook


def quantizer_flatten(quantizer):
    return (quantizer.commitment,), quantizer.codebook


def quantizer_unflatten(codebook, children):
    return Quantizer(children[0], codebook)


jtu.register_pytree_with_keys(Quantizer, quantizer_flatten_with_keys, quantizer_unflatten, quantizer_flatten)


@jax.jit
def quantize(quantizer, z):
    distances = jnp.sum((z[:, None, :] - quantizer.codebook[None]) ** 2, axis=-1)
    codes = jnp.argmin(distances, axis=-1)
    return quantizer.codebook[codes], quantizer.commitment * jnp.mean(distances)


def main():
    z = jnp.ones((5, 4))
    for seed in range(3):
        codebook = jax.random.normal(jax.random.PRNGKey(seed), (8, 4))
        quantize(Quantizer(jnp.float32(0.25), codebook), z)
