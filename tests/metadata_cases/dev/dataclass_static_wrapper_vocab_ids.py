# label: metadata-error
# jax-error: ValueError: Exception raised while checking equality of metadata fields of pytree. Make sure that metadata fields are hashable and have simple equality semantics. (Note: arrays cannot be passed as metadata fields!)
# class: 5 project-local static() wrapper of dataclasses.field(metadata={"static": True}) on a register_dataclass class; the vocab ids are np.asarray
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np


def static(**kwargs):
    return dataclasses.field(metadata={"static": True}, **kwargs)


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Vocabulary:
    embeddings: jax.Array
    special_ids: object = static()


@jax.jit
def zero_special(vocab):
    return vocab.embeddings.at[vocab.special_ids].set(0.0)


def main():
    for size in (6, 6, 6):
        vocab = Vocabulary(jnp.ones((size, 2)), special_ids=np.asarray([0, 1, 2]))
        zero_special(vocab)
