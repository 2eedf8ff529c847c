# label: ok
# flax-error: none
# class: 3 GRU decoder step lifted by nn.scan with split_rngs={"params": False, "dropout": True}; per-step dropout masks returned
import functools
import jax
import jax.numpy as jnp
import flax.linen as nn


class DecoderStep(nn.Module):
    hidden: int
    rate: float = 0.3

    @functools.partial(
        nn.scan,
        variable_broadcast="params",
        split_rngs={"params": False, "dropout": True},
        in_axes=0,
        out_axes=0,
    )
    @nn.compact
    def __call__(self, h, y_prev):
        h, out = nn.GRUCell(self.hidden)(h, y_prev)
        mask = nn.Dropout(self.rate, deterministic=False)(jnp.ones_like(out))
        return h, (nn.Dense(y_prev.shape[-1])(out * mask), mask)


class Seq2Seq(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, src, tgt_in):
        enc_h, _ = nn.RNN(nn.GRUCell(self.hidden), return_carry=True)(src)
        _, (outs, masks) = DecoderStep(self.hidden)(enc_h, jnp.swapaxes(tgt_in, 0, 1))
        return jnp.swapaxes(outs, 0, 1), masks


def main():
    src = jnp.ones((2, 5, 3))
    tgt = jnp.ones((2, 4, 3))
    model = Seq2Seq()
    variables = model.init({"params": jax.random.PRNGKey(0), "dropout": jax.random.PRNGKey(1)}, src, tgt)
    outs, masks = model.apply(variables, src, tgt, rngs={"dropout": jax.random.PRNGKey(2)})
    return masks
