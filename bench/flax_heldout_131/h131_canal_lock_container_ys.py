# label: ok
# flax-error: none
# class: 4 container.resolve('lock_service') applies with mutable=['intermediates'] in the scan body and returns the sown gate flows as ys
"""Canal lock operations: predicts sluice gate flow for each lockage; a DI container wires services."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Container:
    def __init__(self):
        self._providers = {}
        self._instances = {}

    def register(self, name, provider):
        self._providers[name] = provider

    def resolve(self, name):
        if name not in self._instances:
            self._instances[name] = self._providers[name](self)
        return self._instances[name]


class SluiceModel(nn.Module):
    gates: int = 4

    @nn.compact
    def __call__(self, levels):
        flow = nn.softplus(nn.Dense(self.gates)(nn.tanh(nn.Dense(12)(levels))))
        self.sow("intermediates", "gate_flow", flow)
        return levels[:1] + flow.sum() * 0.01


class LockService:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables
        self.flows = None

    def lockage(self, chamber, upstream):
        out, state = self.model.apply(
            self.variables, jnp.concatenate([chamber, upstream]), mutable=["intermediates"]
        )
        return out, state["intermediates"]["gate_flow"][0]

    def gate_report(self):
        return self.flows.mean(axis=0)


def build_container():
    container = Container()
    container.register("model", lambda c: SluiceModel())
    container.register(
        "variables", lambda c: c.resolve("model").init(jax.random.key(0), jnp.zeros((3,)))
    )
    container.register("lock_service", lambda c: LockService(c.resolve("model"), {"params": c.resolve("variables")["params"]}))
    return container


def run_shift(container, upstream_levels):
    service = container.resolve("lock_service")

    def body(chamber, upstream):
        chamber, flow = service.lockage(chamber, upstream)
        return chamber, (chamber, flow)

    _, (chambers, service.flows) = jax.lax.scan(body, jnp.ones((1,)), upstream_levels)
    return chambers, service.gate_report()


def main():
    container = build_container()
    upstream = jax.random.uniform(jax.random.key(1), (7, 2), minval=1.0, maxval=3.0)
    chambers, report = run_shift(container, upstream)
    jax.block_until_ready((chambers, report))
    return None
