# label: ok
# flax-error: none
# class: 2 the local `lock` (model.bind(variables)) goes into the while_loop body directly; the cycle count leaves through the carry, not the 'counters' collection
"""Canal lock operation: fill the chamber until it reaches the upper pound, counting sluice cycles."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class LockChamber(nn.Module):
    upper_pound: float = 4.5

    def setup(self):
        self.sluice = nn.Dense(1)
        self.cycles = self.variable("counters", "sluice_cycles", lambda: jnp.array(0, jnp.int32))

    def __call__(self, level):
        return self.fill(level)

    def fill(self, level):
        inflow = nn.softplus(self.sluice(jnp.stack([level, self.upper_pound - level]))[0]) + 0.1
        return level + inflow

    def count_cycle(self):
        self.cycles.value = self.cycles.value + 1

    def below_pound(self, level):
        return level < self.upper_pound


def operate(model, variables, start_level, max_cycles=50):
    lock = model.bind(variables)

    def keep_filling(state):
        level, step, cycles = state
        return jnp.logical_and(lock.below_pound(level), step < max_cycles)

    def cycle(state):
        level, step, cycles = state
        return lock.fill(level), step + 1, cycles + 1

    start_cycles = lock.cycles.value
    level, steps, cycles = jax.lax.while_loop(keep_filling, cycle, (start_level, jnp.array(0, jnp.int32), start_cycles))
    return level, cycles


def main():
    model = LockChamber()
    start = jnp.array(0.5)
    variables = model.init(jax.random.key(0), start)
    level, steps = operate(model, variables, start)
    jax.block_until_ready((level, steps))
    return None
