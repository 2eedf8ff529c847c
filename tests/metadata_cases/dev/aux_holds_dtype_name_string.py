# label: ok
# jax-error: none
# class: 1 mixed-precision wrapper keeps str(x.dtype) and a loss scale int in aux data
import jax
import jax.numpy as jnp


class MixedPrecision:
    def __init__(self, params, dtype_name, loss_scale):
        self.params = params
        self.dtype_name = dtype_name
        self.loss_scale = loss_scale


jax.tree_util.register_pytree_node(
    MixedPrecision,
    lambda mp: ((mp.params,), (mp.dtype_name, mp.loss_scale)),
    lambda aux, children: MixedPrecision(children[0], *aux),
)


@jax.jit
def scaled_half(mp):
    return (mp.params * mp.loss_scale).astype(mp.dtype_name)


def main():
    for step in range(3):
        params = jnp.ones(3, dtype=jnp.bfloat16) * step
        scaled_half(MixedPrecision(params, str(params.dtype), 1024))
