# label: ok
# flax-error: none
# class: 2 a local key drawn from the rngs.perturb stream before the scan is split into one key per member, which comes into the body as the scanned xs
"""Weather nowcasting ensembles: a convective-cell extrapolation net advances the latest
satellite brightness-temperature field; each ensemble member starts from a perturbed
initial field."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

scan = jax.lax.scan


class CellExtrapolator(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.conv1 = nnx.Conv(1, 8, kernel_size=(3, 3), rngs=rngs)
        self.conv2 = nnx.Conv(8, 1, kernel_size=(3, 3), rngs=rngs)

    def __call__(self, field):
        x = field[None, ..., None]
        return field + 0.1 * self.conv2(nnx.relu(self.conv1(x)))[0, ..., 0]


def run_ensemble(model, field, rngs: nnx.Rngs, members: int, spread: float = 0.5):
    member_keys = jax.random.split(rngs.perturb(), members)

    def member(_, member_key):
        start = field + spread * jax.random.normal(member_key, field.shape)
        return None, model(start)

    _, forecasts = scan(member, None, member_keys)
    return forecasts


def main():
    field = jax.random.normal(jax.random.key(101), (12, 12))
    rngs = nnx.Rngs(params=0, perturb=7)
    model = CellExtrapolator(rngs)
    return run_ensemble(model, field, rngs, members=4)
