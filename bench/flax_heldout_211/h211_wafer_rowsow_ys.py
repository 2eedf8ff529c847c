# label: ok
# flax-error: none
# class: 1 WaferDefectNet.__call__ owns the row encoder and scans the die rows itself, returning the row states as scan outputs and sowing them once after the loop
"""Semiconductor wafer defect maps: a row-recurrent encoder classifies the defect pattern of a wafer map."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax

PATTERNS = ("center", "edge_ring", "scratch", "random")


class WaferDefectNet(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, wafer):
        # wafer: (rows, batch, cols) die pass/fail fractions
        row_enc = nn.Dense(self.hidden, name="row_enc")
        head = nn.Dense(len(PATTERNS), name="head")
        h0 = jnp.zeros((wafer.shape[1], self.hidden))
        row_enc(jnp.concatenate([wafer[0], h0], -1))  # creates the parameters outside the loop

        def body(h, row):
            h = jnp.tanh(row_enc(jnp.concatenate([row, h], -1)))
            return h, h

        h, states = lax.scan(body, h0, wafer)
        self.sow("intermediates", "row_state", states)
        return head(h)


def defect_heatmap(intermediates):
    rows = jnp.stack(intermediates["row_state"])
    return jnp.std(rows, axis=-1)


def main():
    wafer = jax.random.uniform(jax.random.key(4), (9, 3, 9))
    model = WaferDefectNet()
    params = {"params": model.init(jax.random.key(0), wafer)["params"]}
    logits, state = model.apply(params, wafer, mutable=["intermediates"])
    heat = defect_heatmap(state["intermediates"])
    print(logits.argmax(-1), heat.shape)
    return None
