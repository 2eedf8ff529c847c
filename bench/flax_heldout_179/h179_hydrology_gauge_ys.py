# label: ok
# flax-error: none
# class: 1 the routing module's own __call__ runs the scan, returns each reach's discharge as ys and sows the stacked ys after the loop
"""River routing: routes runoff through a chain of gauging stations and reports discharge."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class MuskingumRouting(nn.Module):
    n_reaches: int = 7

    @nn.compact
    def __call__(self, inflow):
        attenuation = nn.Dense(inflow.shape[-1], name="attenuation")
        q = attenuation(inflow)

        def reach(q, lateral):
            q = nn.softplus(0.8 * q + 0.2 * attenuation(q)) + lateral
            return q, q

        laterals = jnp.linspace(0.0, 0.1, self.n_reaches)[:, None] * jnp.ones_like(inflow)
        q, discharge = lax.scan(reach, q, laterals)
        self.sow("intermediates", "discharge", discharge)
        return q


class GaugeReport:
    def __init__(self, model, params):
        self.model = model
        self.params = params

    def discharge_table(self, inflow):
        outlet, state = self.model.apply({"params": self.params}, inflow, mutable=["intermediates"])
        per_gauge = state["intermediates"]["discharge"]
        return outlet, jnp.concatenate(per_gauge)


def main():
    model = MuskingumRouting()
    inflow = jnp.linspace(0.5, 2.0, 6)
    params = model.init(jax.random.key(0), inflow)["params"]
    outlet, table = GaugeReport(model, params).discharge_table(inflow)
    table.block_until_ready()
    return None


if __name__ == "__main__":
    main()
