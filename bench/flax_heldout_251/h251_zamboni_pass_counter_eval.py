# label: ok
# flax-error: none
# class: 3 the blade-wear log kept as the `log` attribute of ZamboniModel is reached from the fori_loop body over passes in evaluation mode
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as fl


@dataclasses.dataclass
class SessionConfig:
    passes: int = 5
    lane_width: int = 4
    training: bool = False


class PassLog(fl.Module):
    def setup(self):
        self.blade_wear = self.variable("wear", "blade", lambda: jnp.zeros(()))
        self.passes = self.variable("wear", "passes", lambda: jnp.zeros((), jnp.int32))

    def record(self, wear):
        self.blade_wear.value = self.blade_wear.value + wear
        self.passes.value = self.passes.value + 1

    def total(self):
        return self.blade_wear.value


class ZamboniModel(fl.Module):
    lane_width: int

    def setup(self):
        self.shaver = fl.Dense(self.lane_width)
        self.log = PassLog()

    def __call__(self, ice, passes: int, training: bool):
        start_wear = self.log.total()

        def one_pass(i, surface):
            cut = fl.relu(self.shaver(surface))
            if training:
                self.log.record(cut.mean())
            return surface - 0.05 * cut

        first_cut = fl.relu(self.shaver(ice)).mean()
        surface = jax.lax.fori_loop(0, passes, one_pass, ice)
        return surface, start_wear + first_cut


class RinkService:
    def __init__(self, config: SessionConfig):
        self.config = config
        self.model = ZamboniModel(config.lane_width)

    def bootstrap(self, key):
        ice = jnp.ones((self.config.lane_width,))
        return self.model.init(key, ice, self.config.passes, training=False)

    def preview_session(self, variables, ice):
        return self.model.apply(variables, ice, self.config.passes, training=self.config.training)


def main():
    service = RinkService(SessionConfig())
    variables = service.bootstrap(jax.random.key(0))
    surface, wear = service.preview_session(variables, jnp.full((4,), 0.9))
    jax.block_until_ready((surface, wear))
    return None
